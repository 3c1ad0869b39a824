// Wires the services to their dependencies once (conventions §7). Route handlers and React Router
// loaders both reach the rules through this object.
import type { Database } from "./db/client.ts";
import type { Env } from "./env.ts";
import type { Logger } from "./lib/logger.ts";
import { createCatalogService } from "./features/catalog/catalog.service.ts";
import { createContactsService } from "./features/contacts/contacts.service.ts";
import { createContentService } from "./features/content/content.service.ts";
import { createEventsService } from "./features/events/events.service.ts";
import { createNewsletterService } from "./features/newsletter/newsletter.service.ts";

export interface Deps {
  database: Database;
  env: Env;
  logger: Logger;
}

export function createServices(deps: Deps) {
  const { db } = deps.database;
  return {
    catalog: createCatalogService(db),
    content: createContentService(db),
    events: createEventsService(db),
    newsletter: createNewsletterService(db),
    contacts: createContactsService(db),
  };
}

export type Services = ReturnType<typeof createServices>;
