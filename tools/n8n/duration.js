// The one way `npm start`, `npm run demo` and the runtime manager say how long something took,
// shared by the launcher (plain JavaScript, run before the project's dependencies exist) and the
// TypeScript tools.

/**
 * "4.2 s" under 10 s, then whole seconds, "45 s", "1 min 30 s", "12 min". Rounded once, before
 * splitting, so 11 min 59.6 s reads "12 min", never "11 min 60 s".
 * @param {number} ms
 * @returns {string}
 */
function formatDuration(ms) {
	const seconds = Math.max(0, ms) / 1000;
	if (seconds < 9.95) return `${seconds.toFixed(1)} s`;
	const whole = Math.round(seconds);
	if (whole < 60) return `${whole} s`;
	const minutes = Math.floor(whole / 60);
	const rest = whole % 60;
	return rest === 0 ? `${minutes} min` : `${minutes} min ${rest} s`;
}

module.exports = { formatDuration };
