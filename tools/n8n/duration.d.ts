// Types of duration.js, plain JavaScript so that the launcher can use it before any install.
export declare function formatDuration(ms: number): string;
