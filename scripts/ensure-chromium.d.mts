/** Types of ensure-chromium.mjs, for the TypeScript scripts that call it. */
export declare const DEFAULT_CHROMIUM: string;
export declare function ensureChromium(path?: string): string | null;
export declare function ensureDebianTool(command: string, pkg: string): string | null;
