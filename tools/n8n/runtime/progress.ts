/**
 * How far an npm install is, from npm's own log (--loglevel=http): one line per package
 * description read from the registry while npm resolves the tree, then one per package tarball
 * while it downloads and unpacks them. Both counts move; a folder count does not (npm makes every
 * package's folder at once before it fills them). After the last download npm still writes files
 * for a minute or two (measured on a fresh start: 1 min 40 s with the count at 1891 of 1894), so
 * once no tarball has come for 15 s the line says the bytes written to the disk instead.
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

/** No tarball for this long: the downloads are done, npm is writing what it fetched. */
export const DOWNLOADS_DONE_AFTER_MS = 15_000;

function gigabytes(bytes: number): string {
	return `${(Math.max(0, bytes) / 1e9).toFixed(2)} GB`;
}

export class NpmProgress {
	private readonly descriptions = new Set<string>();
	private readonly tarballs = new Set<string>();
	private lastTarballAt = 0;

	/**
	 * @param written the bytes written to the install's disk since it began (its free space gone),
	 *   when the caller can tell
	 */
	constructor(
		private readonly size: InstallSize,
		private readonly written?: () => number | undefined,
		private readonly now: () => number = Date.now,
	) {}

	/** Takes one line of npm's output; lines other than its http log are ignored. */
	read(line: string): void {
		if (!line.startsWith('npm http ')) return;
		const url = URL.exec(line)?.[0];
		if (url === undefined) return;
		if (!TARBALL.test(url)) {
			this.descriptions.add(url);
			return;
		}
		if (!this.tarballs.has(url)) this.lastTarballAt = this.now();
		this.tarballs.add(url);
	}

	/** The step npm is in and its count, as a progress line says it. */
	say(): string {
		if (this.tarballs.size > 0) {
			const bytes =
				this.now() - this.lastTarballAt >= DOWNLOADS_DONE_AFTER_MS ? this.written?.() : undefined;
			if (bytes !== undefined) {
				return `step 2 of 3, downloads done (${this.tarballs.size} package${this.tarballs.size === 1 ? '' : 's'}), unpacking them: ${gigabytes(bytes)} written to the disk`;
			}
			return `step 2 of 3, downloading and unpacking: ${countOf(this.tarballs.size, this.size.tarballs, 'packages')}`;
		}
		if (this.descriptions.size > 0) {
			return `step 1 of 3, resolving the dependency tree: ${countOf(this.descriptions.size, this.size.descriptions, 'package descriptions read')}`;
		}
		return 'step 1 of 3, resolving the dependency tree: npm is starting';
	}
}
