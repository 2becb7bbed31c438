// Module resolution for dependency-cruiser: the same `@/` alias as apps/web/tsconfig.json.
const path = require('node:path');

module.exports = { resolve: { alias: { '@': path.join(__dirname, 'apps/web/src') } } };
