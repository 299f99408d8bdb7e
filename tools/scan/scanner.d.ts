// @n8n/scan-community-package ships JavaScript without types; tools/scan/scan-package.ts states
// the part it uses.
declare module '@n8n/scan-community-package/scanner/scanner.mjs';
