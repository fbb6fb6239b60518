export const PLAYWRIGHT_DISABLED_FEATURES: string[];
export const OMNIBOX_WEBUI_FEATURES: string[];
export const CHROMIUM_SWITCHES: string[];
