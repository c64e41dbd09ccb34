/** Where each version's reference page is served; the security headers give these pages a policy of their own. */
export const PUBLIC_API_DOCS_PATHS = { v1: '/api-v1/docs', v2: '/api-v2/docs' } as const;

/** The stable URLs of the public API's OpenAPI documents. */
export const PUBLIC_API_DOCUMENTS = { v1: '/api/v1/openapi.json', v2: '/api/v2/openapi.json' } as const;
