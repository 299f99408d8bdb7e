/** The floor node's package and node type names (bench/floor-node/, bench/floor-package.ts). */
export const FLOOR_PACKAGE = 'n8n-nodes-smsonlinegh-bench-floor';
export const FLOOR_NODE_TYPE = `${FLOOR_PACKAGE}.readParameters`;
