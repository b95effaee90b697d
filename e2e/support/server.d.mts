export const swazBin: string;
export function freePort(): Promise<number>;
export function serverEnv(port: number): Record<string, string>;
export interface TestServer {
  baseURL: string;
  env: Record<string, string>;
  stop(): Promise<void>;
}
export function startServer(extraEnv?: Record<string, string>): Promise<TestServer>;
export function createUser(
  env: Record<string, string>,
  user: { email: string; password: string; firstName?: string; lastName?: string; confirmed?: boolean; paid?: boolean },
): string;
export function serviceKey(env: Record<string, string>, days?: number): string;
export interface DevMail {
  to: string | string[];
  subject: string;
  text: string;
  html: string;
  replyTo?: string | null;
  createdAt: string;
}
export function mailsTo(baseURL: string, email: string): Promise<DevMail[]>;
export function mailMatching(baseURL: string, email: string, accept: (mail: DevMail) => boolean, timeoutMs?: number): Promise<DevMail>;
export function latestMail(baseURL: string, email: string, timeoutMs?: number): Promise<DevMail>;
export function linkIn(mail: DevMail): string;
export function codeIn(mail: DevMail): string;
