export * from "./schema/auth.ts";
export * from "./schema/catalog.ts";
export * from "./schema/content.ts";
export * from "./schema/events.ts";
export * from "./schema/blog.ts";
export * from "./schema/messaging.ts";
export * from "./schema/payments.ts";
export * from "./schema/system.ts";
