/**
 * `assistant-chat-widget/gateway`: the gateway a site owner runs in front of the platform (see
 * docs/gateway.md). Pure Fetch API code; the Node server and CLI are `assistant-chat-gateway`.
 */
export { createGateway, type ConnectionInfo, type GatewayHandler } from './handler';
export type { GatewayOptions } from './options';
export { createMemoryStore, DEFAULT_LIMITS, type Counter, type LimitName, type LimitStore, type Limits } from './limits';
export { createRedisStore, type RedisStoreOptions } from './redis';
export {
  CHALLENGE_HEADER,
  createTurnstileCheck,
  TURNSTILE_VERIFY_URL,
  type ChallengeCheck,
  type ChallengeResult,
  type TurnstileOptions,
} from './challenge';
export type { LogEntry, Logger } from './log';
