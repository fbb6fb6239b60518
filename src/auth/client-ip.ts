/**
 * The client address as the app server computed it (`src/http/client-info.ts`, TRUST_PROXY). The server
 * sets it on every /api/auth/ request, replacing any copy the client sent; better-auth reads only this.
 */
export const CLIENT_IP_HEADER = "x-payroute-client-ip";
