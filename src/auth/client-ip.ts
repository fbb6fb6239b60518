/**
 * The client address as the app server computed it (`src/http/client-info.ts`, TRUST_PROXY). The server
 * sets it on every /api/auth/ request, replacing any copy the client sent; better-auth reads only this.
 */
export const CLIENT_IP_HEADER = "x-payroute-client-ip";

/**
 * The origins a request to /api/auth/ may come from (the public origin and the one it was addressed to,
 * its Host having passed ALLOWED_HOSTS), space-separated; set by the server like CLIENT_IP_HEADER, so that
 * better-auth never trusts an origin built from headers the client sent.
 */
export const OWN_ORIGINS_HEADER = "x-payroute-own-origins";
