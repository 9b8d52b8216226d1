import {
  DemoRequestCreatedSchema,
  type DemoRequestCreated,
  type DemoRequestInput,
} from '#shared/schemas/demo-requests';
import { apiRequest } from '../../../lib/api-client';

export async function createDemoRequest(input: DemoRequestInput): Promise<DemoRequestCreated> {
  const data = await apiRequest<unknown>('POST', '/api/demo-requests', input);
  return DemoRequestCreatedSchema.parse(data);
}
