// The request context React Router loaders read: the services (never the database directly),
// the public config and the CSP nonce.
import { createContext } from "react-router";
import type { Services } from "../../server/services.ts";

export interface AppContext {
  services: Services;
  siteName: string;
  publicUrl: string;
  nonce: string;
}

export const appContext = createContext<AppContext>();
