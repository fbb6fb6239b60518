/** The Next.js app is only the dashboard; /v2/, /api/ and /docs are served by src/server (see README). */
const nextConfig = {
  // Our own edge decides trailing-slash redirects (307) for /v2/; Next must not answer 308 first.
  skipTrailingSlashRedirect: true,
  poweredByHeader: false,
  reactStrictMode: true,
};
export default nextConfig;
