/**
 * The import check (`npm run lint:imports`): the rules of the code's layout that a type check
 * cannot see. Type-only imports count: a cycle through types is still a cycle between files.
 */
const LIBRARIES = '^node_modules/';
const SHARED = '^nodes/shared/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
	forbidden: [
		{
			name: 'no-circular',
			severity: 'error',
			comment: 'Files that import each other cannot be read, tested or moved one at a time.',
			from: { path: '^(nodes|credentials)/' },
			to: { circular: true },
		},
		{
			name: 'trigger-imports-only-the-shared-core',
			severity: 'error',
			comment:
				"The trigger reads pushed reports with the shared core, never with the SMS node's own files.",
			from: { path: '^nodes/SmsOnlineGhTrigger/' },
			to: {
				pathNot: ['^nodes/SmsOnlineGhTrigger/', SHARED, '^node_modules/n8n-workflow/'],
				dependencyTypesNot: ['core'],
			},
		},
		{
			name: 'report-trigger-imports-only-the-trigger',
			severity: 'error',
			comment:
				'The trigger listed under its new type name is the trigger itself: it adds nothing of its own.',
			from: { path: '^nodes/SmsOnlineGhReportTrigger/' },
			to: {
				pathNot: [
					'^nodes/SmsOnlineGhReportTrigger/',
					'^nodes/SmsOnlineGhTrigger/SmsOnlineGhTrigger\\.node\\.ts$',
					'^node_modules/n8n-workflow/',
				],
				dependencyTypesNot: ['core'],
			},
		},
		{
			name: 'balance-trigger-imports-only-the-shared-core',
			severity: 'error',
			comment:
				"The balance trigger reads the balance with the shared core, never with the SMS node's own files.",
			from: { path: '^nodes/SmsOnlineGhBalanceTrigger/' },
			to: {
				pathNot: ['^nodes/SmsOnlineGhBalanceTrigger/', SHARED, '^node_modules/n8n-workflow/'],
				dependencyTypesNot: ['core'],
			},
		},
		{
			name: 'credential-imports-only-the-shared-core',
			severity: 'error',
			comment:
				'The credential and the service call share the type name, the Base URL rule and the handshake meanings through the core, so neither imports the other.',
			from: { path: '^credentials/' },
			to: {
				pathNot: ['^credentials/', SHARED, '^node_modules/n8n-workflow/'],
				dependencyTypesNot: ['core'],
			},
		},
		{
			name: 'shared-core-imports-no-node-and-no-credential',
			severity: 'error',
			comment:
				'Both nodes and the credential stand on the shared core: it cannot stand on any of them.',
			from: { path: SHARED },
			to: {
				path: [
					'^nodes/SmsOnlineGh/',
					'^nodes/SmsOnlineGhTrigger/',
					'^nodes/SmsOnlineGhBalanceTrigger/',
					'^credentials/',
				],
			},
		},
		{
			name: 'transport-imports-no-actions',
			severity: 'error',
			comment:
				'The way to the service knows endpoints and meanings, never the operations or what they do with an answer.',
			from: { path: '^nodes/shared/transport/' },
			to: {
				pathNot: ['^nodes/shared/(transport|meanings)/', LIBRARIES],
				dependencyTypesNot: ['core'],
			},
		},
		{
			name: 'sms-node-item-basics-stand-below',
			severity: 'error',
			comment:
				'Operations and the send pipeline stand on the item basics and the helpers, never the other way round.',
			from: { path: '^nodes/SmsOnlineGh/(items|helpers)/' },
			to: { path: '^nodes/SmsOnlineGh/(account|sending|actions|router|methods)/' },
		},
		{
			name: 'sms-node-account-stands-below-the-pipeline',
			severity: 'error',
			comment:
				'The account code (the profile and the balance kept per credential) serves the pipeline, the operations and the editor lists.',
			from: { path: '^nodes/SmsOnlineGh/account/' },
			to: { path: '^nodes/SmsOnlineGh/(sending|actions|router|methods)/' },
		},
		{
			name: 'sms-node-frame-knows-no-sending',
			severity: 'error',
			comment:
				'The router and the node class know operations only through the registry and items/operation.ts: what a send does (ceilings, hints, summary, home country) each send operation declares.',
			from: { path: ['^nodes/SmsOnlineGh/router/', '^nodes/SmsOnlineGh/SmsOnlineGh\\.node\\.ts$'] },
			to: { path: '^nodes/SmsOnlineGh/(sending|account|helpers)/' },
		},
		{
			name: 'sms-node-numbers-through-their-door',
			severity: 'error',
			comment:
				"Code outside the number room reads numbers through numbers/read.ts alone: the room's other files can be rearranged without touching a caller.",
			from: { path: '^nodes/', pathNot: '^nodes/SmsOnlineGh/numbers/' },
			to: { path: '^nodes/SmsOnlineGh/numbers/', pathNot: '^nodes/SmsOnlineGh/numbers/read\\.ts$' },
		},
		{
			name: 'sms-node-numbers-stand-below',
			severity: 'error',
			comment:
				'Reading a number is pure: the number room stands on the helpers and the libraries, never on items, the account, the pipeline or the operations.',
			from: { path: '^nodes/SmsOnlineGh/numbers/' },
			to: { path: '^nodes/SmsOnlineGh/(items|account|sending|actions|router|methods)/' },
		},
		{
			name: 'sms-node-pipeline-stands-below-the-operations',
			severity: 'error',
			comment:
				'The send pipeline serves the operations: it never reaches up to them or to the router.',
			from: { path: '^nodes/SmsOnlineGh/sending/' },
			to: { path: '^nodes/SmsOnlineGh/(actions|router)/' },
		},
		{
			name: 'simulator-imports-no-node-code',
			severity: 'error',
			comment:
				"The simulator is the second opinion the tests rely on: it never borrows the node's reading of the service.",
			from: { path: '^simulator/' },
			to: { path: ['^nodes/', '^credentials/'] },
		},
		{
			name: 'not-to-unresolvable',
			severity: 'error',
			comment: 'An import that resolves to nothing would hide a file from every rule above.',
			from: { path: '^(nodes|credentials|simulator)/' },
			to: { couldNotResolve: true },
		},
	],
	options: {
		doNotFollow: { path: LIBRARIES },
		tsPreCompilationDeps: true,
		tsConfig: { fileName: 'tsconfig.json' },
		// The lint configurations are ESLint's, not the product's.
		exclude: { path: ['^(dist|node_modules)/', 'eslint(\\.house)?\\.config\\.mjs$'] },
	},
};
