/** What modules may use of the practice-management integration: the port, its errors and the recall rules (ADR 051). */
export * from './port';
export * from './errors';
export * from './recall';
