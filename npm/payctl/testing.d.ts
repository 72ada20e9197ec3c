import type { ChildProcess } from "node:child_process";

export interface Response {
  status: number;
  headers: Headers;
  /** The body parsed as JSON, or null. */
  body: any;
  text: string;
}

export interface App {
  base_url: string;
  id: string;
  api_key: string;
  api_key_id: string | null;
  name: string | null;
  /** A request with this application's key (X-API-Key); path starts with "/". */
  request(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<Response>;
  /** GET /sandbox/clock. */
  clock(): Promise<{ now: string; offset_seconds: number; scope: string; application_id: string | null; global_offset_seconds: number }>;
  /** Moves this application's clock (and only its) forward by `seconds`. */
  advanceClock(seconds: number): ReturnType<App["clock"]>;
  /** For a fork or a loaded snapshot: each original id mapped to its copy's; else empty. */
  ids: Record<string, string>;
  /** For a fork or a loaded snapshot: the application whose world was copied; else null. */
  forked_from: string | null;
  /** POST /sandbox/fork with this application's key: a new TEST application holding a copy of its world. */
  fork(options?: { name?: string }): Promise<App>;
  /** GET /sandbox/snapshot: this application's world as a payctl-snapshot/1 document. */
  snapshot(options?: { redact?: boolean }): Promise<Record<string, unknown>>;
  /** Deletes this TEST application and its whole world (the sandbox's control token). */
  delete(): Promise<{ id: string; deleted: Record<string, number> }>;
}

/** The sandbox's ready line, as `payctl sandbox --json` prints it. */
export interface ReadyLine {
  base_url: string;
  auth_url: string;
  console_url: string;
  client_id: string;
  username: string;
  password: string;
  partner_id: string;
  test_application_id: string;
  test_api_key: string;
  live_application_id: string;
  live_api_key: string;
  control_token: string;
  database: string;
  version: string;
}

export interface Sandbox extends ReadyLine {
  ready: ReadyLine & Record<string, unknown>;
  process: ChildProcess;
  pid: number;
  stderr(): string;
  /** SIGTERM, then how it exited ({ code: 0, signal: null } for a clean stop). */
  stop(options?: { timeoutMs?: number }): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  readonly testApp: App;
  dashboardToken(): Promise<string>;
  /** A fresh TEST application with one API key: its own data and its own clock. */
  newApp(name?: string): Promise<App>;
  /** A new TEST application holding a copy of `app`'s world. */
  fork(app: App, options?: { name?: string }): Promise<App>;
  /** A new TEST application of the ready line's partner holding a snapshot's world (a document or a file path). */
  loadSnapshot(snapshot: string | Record<string, unknown>, options?: { name?: string }): Promise<App>;
  /** A new TEST application holding the world of a snapshot or fixture file (without one: empty). */
  newTemplate(file?: string, options?: { name?: string }): Promise<App>;
  /** Deletes a TEST application (an app or its id) and its whole world. */
  deleteApp(app: App | string): Promise<{ id: string; deleted: Record<string, number> }>;
  /** With startSandbox({ template }): the application seeded from that file. */
  template?: App;
}

export interface StartOptions {
  /** More `payctl sandbox` arguments, such as ["--rate-limit", "off"]. */
  args?: string[];
  /** The payctl binary (default: PAYCTL_BINARY_PATH, else the installed platform package's). */
  binary?: string;
  timeoutMs?: number;
  env?: Record<string, string>;
  /** A snapshot or fixture file: sandbox.template holds its world, to fork for each test. */
  template?: string;
}

export function startSandbox(options?: StartOptions): Promise<Sandbox>;

export function request(
  method: string,
  url: string,
  options?: { body?: unknown; headers?: Record<string, string>; form?: Record<string, string> },
): Promise<Response>;
