export * from './connectors';
export * from './users';
export * from './voice';
export * from './schedule';
