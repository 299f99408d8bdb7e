/**
 * How far an npm install is, from npm's own log (--loglevel=http): one line per package
 * description read from the registry while npm resolves the tree, then one per package tarball
 * while it downloads and unpacks them. Both counts move through the whole install; a folder count
 * does not (npm makes every package's folder at once before it fills them).
 */

/** What an install of one runtime reads and fetches, counted on its lockfile (pins.ts). */
export interface InstallSize {
	/** Package descriptions (one per package name, other platforms' optional packages included). */
	descriptions: number;
	/** Tarballs (one per name and version this platform installs). */
	tarballs: number;
}

const URL = /https?:\/\/\S+/;
const TARBALL = /\/-\/[^/]+\.tgz$/;

function countOf(done: number, about: number, what: string): string {
	return done <= about ? `${done} of about ${about} ${what}` : `${done} ${what}`;
}

export class NpmProgress {
	private readonly descriptions = new Set<string>();
	private readonly tarballs = new Set<string>();

	constructor(private readonly size: InstallSize) {}

	/** Takes one line of npm's output; lines other than its http log are ignored. */
	read(line: string): void {
		if (!line.startsWith('npm http ')) return;
		const url = URL.exec(line)?.[0];
		if (url === undefined) return;
		(TARBALL.test(url) ? this.tarballs : this.descriptions).add(url);
	}

	/** The step npm is in and its count, as a progress line says it. */
	say(): string {
		if (this.tarballs.size > 0) {
			return `step 2 of 3, downloading and unpacking: ${countOf(this.tarballs.size, this.size.tarballs, 'packages')}`;
		}
		if (this.descriptions.size > 0) {
			return `step 1 of 3, resolving the dependency tree: ${countOf(this.descriptions.size, this.size.descriptions, 'package descriptions read')}`;
		}
		return 'step 1 of 3, resolving the dependency tree: npm is starting';
	}
}
