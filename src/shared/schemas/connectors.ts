import { z } from 'zod';

export const CONNECTOR_MESSAGES = {
  nameRequired: 'Name is required',
  consumerIdRequired: 'Consumer ID is required',
  connectorIdRequired: 'Connector ID is required',
  notFound: 'Connector not found',
  consumerTaken:
    'Another practice is linked to this consumer ID. Check the ID your practice management system gave you, or ask support.',
} as const;

/** connectorId `sandbox` is the built-in practice schedule; anything else names a PMS connector. */
export const SANDBOX_CONNECTOR_ID = 'sandbox';

const required = (message: string) => z.string({ error: message }).trim().min(1, message).max(200);

/** POST /api/connectors, PATCH /api/connectors/{id} and the connector dialog. */
export const ConnectorInputSchema = z.object({
  name: required(CONNECTOR_MESSAGES.nameRequired),
  consumerId: required(CONNECTOR_MESSAGES.consumerIdRequired),
  connectorId: required(CONNECTOR_MESSAGES.connectorIdRequired),
});
export type ConnectorInput = z.input<typeof ConnectorInputSchema>;

export const ConnectorToggleInputSchema = z.object({ isActive: z.boolean() });

export const ConnectorIdParamsSchema = z.object({ id: z.uuid({ error: CONNECTOR_MESSAGES.notFound }) });

export const ConnectorSchema = z.object({
  id: z.string(),
  name: z.string(),
  consumerId: z.string(),
  connectorId: z.string(),
  isActive: z.boolean(),
  createdAt: z.iso.datetime(),
});
export type Connector = z.infer<typeof ConnectorSchema>;

export const ConnectorListResponseSchema = z.object({
  success: z.literal(true),
  connectors: z.array(ConnectorSchema),
});
export type ConnectorListResponse = z.infer<typeof ConnectorListResponseSchema>;

export const ConnectorResponseSchema = z.object({ success: z.literal(true), connector: ConnectorSchema });
export type ConnectorResponse = z.infer<typeof ConnectorResponseSchema>;

export const ActiveConnectorResponseSchema = z.object({
  activeConnector: z.object({ name: z.string(), connectorId: z.string() }).nullable(),
});
export type ActiveConnectorResponse = z.infer<typeof ActiveConnectorResponseSchema>;
