export function createStandInApi(options: { dataDir: string; replyDelayMs?: number }): {
  handle(req: unknown, res: unknown, next: () => void): void;
  close(): Promise<void>;
};
