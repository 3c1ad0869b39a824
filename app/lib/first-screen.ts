/**
 * The `elementtiming` name MediaImage gives a priority picture: the page's scripts are fetched once these
 * pictures are drawn (app/lib/paint-first.server.ts, decision 045).
 */
export const FIRST_SCREEN_TIMING = "first-screen";
