/** The package version, shown as `AssistantChat.version` (kept equal to package.json by test/exports.test.ts). */
export const VERSION = '0.1.0';
