export {
  createToolSetEvents,
  type ToolSetEventHub,
  type ToolSetEventsOptions,
} from './create-tool-set-events.js';
export { type BacklogLimits, DEFAULT_BACKLOG_LIMITS } from './event-backlog.js';
export { EVENT_LEAD } from './event-text.js';
export type {
  EventDelivery,
  ExecutionEndEvent,
  MonitorEndEvent,
  MonitorLinesEvent,
  ToolSetEvent,
  ToolSetEvents,
} from './event-types.js';
