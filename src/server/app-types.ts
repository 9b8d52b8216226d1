import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { JobDefinition } from './jobs/queue';

/** The Fastify instance every module registers its routes on: zod schemas in, zod schemas out. */
export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/**
 * The one shape of a server module (ADR 051): `modules/<x>/index.ts` exports `create<X>Module(deps)` returning
 * this. `buildApp` builds the modules from their deps, then registers every module's routes and jobs from one
 * list. The service is what other modules and the composition root may call.
 */
export interface AppModule<S = undefined> {
  readonly name: string;
  readonly service: S;
  routes(app: App): void | Promise<void>;
  readonly jobs?: readonly JobDefinition<object>[];
}
