/**
 * The set-up every `n8n execute` suite shares: per runtime, an n8n user folder of its own with the
 * packed node installed, a simulator, the suite's credentials and workflows imported once (each
 * n8n CLI call costs seconds), and the simulator reset before each test.
 */
import { Simulator } from '../../simulator';
import {
	ensureRuntime,
	executeWorkflow,
	importAll,
	installPackage,
	type CredentialFile,
	type ExecuteResult,
	type Runtime,
	type RuntimeName,
	type WorkflowFile,
} from '../../tools/n8n/runtime';
import { freshUserFolder, readSetup, simReset, timing } from './helpers';

export interface CliSuiteOptions {
	/** Names the suite's user folder and its timing lines. */
	label: string;
	/** n8n's port for its CLI calls (the task broker takes the next). */
	port: number;
	credentials(simUrl: string): CredentialFile[];
	workflows: WorkflowFile[];
}

export interface CliSuite {
	readonly sim: Simulator;
	/** The simulator's base URL, once the suite has started. */
	simUrl(): string;
	/** Runs one imported workflow with `n8n execute`; its result whether it failed or not. */
	execute(id: string): Promise<ExecuteResult>;
}

/** Registers the suite's beforeAll, afterAll and beforeEach inside a describe block. */
export function useCliSuite(runtimeName: RuntimeName, options: CliSuiteOptions): CliSuite {
	let runtime: Runtime;
	let userFolder = '';
	let simUrl = '';
	const sim = new Simulator();

	beforeAll(
		async () => {
			const t0 = Date.now();
			runtime = await ensureRuntime(runtimeName);
			userFolder = freshUserFolder(`${options.label}-${runtimeName}`);
			await installPackage(userFolder, readSetup().tarball);
			simUrl = await sim.start(0);
			const t1 = Date.now();
			await importAll(runtime, userFolder, options.credentials(simUrl), options.workflows, {
				port: options.port,
			});
			timing(
				`${runtimeName} ${options.label}: import of ${options.workflows.length} workflows`,
				t1,
			);
			timing(`${runtimeName} ${options.label} suite setup`, t0);
		},
		20 * 60 * 1000,
	);

	afterAll(async () => await sim.stop());

	beforeEach(async () => await simReset(simUrl));

	return {
		sim,
		simUrl: () => simUrl,
		async execute(id: string): Promise<ExecuteResult> {
			const t0 = Date.now();
			const result = await executeWorkflow(runtime, userFolder, id, {
				port: options.port,
				logLevel: 'warn',
			});
			timing(`${runtimeName} n8n execute ${id}`, t0);
			return result;
		},
	};
}
