export * from './connectors';
export * from './demo-requests';
export * from './users';
export * from './voice';
export * from './calls';
export * from './audit';
export * from './schedule';
export * from './processor';
