import { createContext, useContext } from "react";

// The site's stylesheet, written into the head of every page in production instead of linked (decision 045):
// a phone on slow 4G paints after one round trip for the HTML, not two. The text is given by the server
// only (app/entry.server.tsx, `app.css?inline`); the browser's bundle never carries it, and hydration keeps
// the server's <style> as it is.
const InlineStylesheetContext = createContext<string>("");
export const InlineStylesheetProvider = InlineStylesheetContext.Provider;
export const useInlineStylesheet = () => useContext(InlineStylesheetContext);
