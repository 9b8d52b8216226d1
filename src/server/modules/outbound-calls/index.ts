export { createOutboundCallsModule, type OutboundCallsModule } from './outbound-calls.module';
