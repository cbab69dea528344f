/**
 * The routes of spec section 2 of the modules not built yet. Until a module's own issue lands, its
 * routes lead to /comingsoon; a module's issue deletes its block here and brings its routes in its web
 * manifest (web/<module>/routes.ts, listed in web/app/web-modules.ts), as fleet, productivity and the
 * admin area do. Every module is built now, so the list is empty.
 */
export const comingSoonRoutes = [] as const;
