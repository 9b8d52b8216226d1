const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a value may be compared with a uuid column: PostgreSQL refuses anything else with an error (a 500). */
export const isUuid = (value: string): boolean => UUID.test(value);
