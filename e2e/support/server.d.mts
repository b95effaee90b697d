export const swazBin: string;
export function freePort(): Promise<number>;
export function serverEnv(port: number): Record<string, string>;
