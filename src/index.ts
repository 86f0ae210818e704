/**
 * The npm entry: named re-exports only, no side effects. The custom element has entries of its own
 * (`assistant-chat-widget/element`, and `/react` and `/preact`, which also declare its JSX), so that
 * importing this one registers nothing.
 */
export { mount } from './mount';
export type { MountOptions, RuntimeOptions, WidgetHandle, WidgetEvent, WidgetEventMap } from './mount';
export { ChatWidget } from './widget';
export type { ChatWidgetProps } from './widget';
export { parseConfig } from './config/parse';
export type { ParseResult } from './config/parse';
export type { ConfigContext } from './config/boot';
export type { Corner, Position, PrechatField, StorageChoice, Theme, Visitor, WidgetConfig } from './config/table';
export type { AssistantChatApi, GlobalHandler, GlobalMountOptions } from './boot/global';
export type { FetchLike } from './api/client';
export type { ConversationType, VariableValue } from './api/types';
export type { ApiErrorKind } from './api/errors';
export type { ChatError, ChatMessage, FunctionCallPart, MessagePart, MessageStatus, TextPart } from './model';
export type { Strings } from './ui/strings';
