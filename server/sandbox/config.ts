import { parseIsoDate } from './query.ts';

/** Sandbox settings from the environment, checked once at start-up with messages that say what to fix. */

export interface SandboxConfig {
  seed: string;
  /** The sandbox clock's starting time (ms); undefined: the real time. */
  now?: number;
  companies: number;
  clockRate: number;
  apiKey: string;
  publicUrl?: string;
  /** `normal`, or `hostile`: every answer rewritten into odd and dangerous values (hostile.ts). */
  dataset: SandboxDataset;
  /** `full`: the 13 contract endpoints and the five the real service has beyond them; `strict`: the 13 only. */
  contract: SandboxContract;
  /** `full`: the key has every dataset; `no-live-transcripts`: /live, /live/{id}, /live/transcripts(/{id}) answer 403. */
  plan: SandboxPlan;
}

export type SandboxDataset = 'normal' | 'hostile';
export type SandboxContract = 'full' | 'strict';
export type SandboxPlan = 'full' | 'no-live-transcripts';

export const DEFAULTS = { seed: 'earnings-desk', companies: 500, clockRate: 1, apiKey: 'sandbox', port: 4010 } as const;
export const MAX_COMPANIES = 50_000;

export function readSandboxConfig(env: Record<string, string | undefined> = process.env): SandboxConfig {
  const problems: string[] = [];
  const seed = env.SANDBOX_SEED?.trim() || DEFAULTS.seed;

  let now: number | undefined;
  if (env.SANDBOX_NOW?.trim()) {
    now = parseIsoDate(env.SANDBOX_NOW.trim());
    if (now === undefined) problems.push(`SANDBOX_NOW must be an ISO 8601 time such as 2026-11-21T12:00:00Z, got "${env.SANDBOX_NOW}"`);
  }

  let companies: number = DEFAULTS.companies;
  if (env.SANDBOX_COMPANIES?.trim()) {
    companies = Number(env.SANDBOX_COMPANIES);
    if (!Number.isInteger(companies) || companies < 1 || companies > MAX_COMPANIES) {
      problems.push(`SANDBOX_COMPANIES must be a whole number from 1 to ${MAX_COMPANIES}, got "${env.SANDBOX_COMPANIES}"`);
    }
  }

  let clockRate: number = DEFAULTS.clockRate;
  if (env.SANDBOX_CLOCK_RATE?.trim()) {
    clockRate = Number(env.SANDBOX_CLOCK_RATE);
    if (!Number.isFinite(clockRate) || clockRate < 0 || clockRate > 1000) {
      problems.push(`SANDBOX_CLOCK_RATE must be a number from 0 (frozen) to 1000, got "${env.SANDBOX_CLOCK_RATE}"`);
    }
  }

  const publicUrl = env.SANDBOX_PUBLIC_URL?.trim().replace(/\/+$/, '') || undefined;
  if (publicUrl && !/^https?:\/\/[^/]+$/.test(publicUrl)) {
    problems.push(`SANDBOX_PUBLIC_URL must be an origin such as http://127.0.0.1:4010, got "${env.SANDBOX_PUBLIC_URL}"`);
  }

  const dataset = env.SANDBOX_DATASET?.trim() || 'normal';
  if (dataset !== 'normal' && dataset !== 'hostile') {
    problems.push(`SANDBOX_DATASET must be normal or hostile, got "${env.SANDBOX_DATASET}"`);
  }

  const contract = env.SANDBOX_CONTRACT?.trim() || 'full';
  if (contract !== 'full' && contract !== 'strict') {
    problems.push(
      `SANDBOX_CONTRACT must be full (the 13 contract endpoints and the five the real service adds) or strict (the 13 only), got "${env.SANDBOX_CONTRACT}"`,
    );
  }

  const plan = env.SANDBOX_PLAN?.trim() || 'full';
  if (plan !== 'full' && plan !== 'no-live-transcripts') {
    problems.push(
      `SANDBOX_PLAN must be full (the key has every dataset) or no-live-transcripts (the live lists with transcripts answer 403), got "${env.SANDBOX_PLAN}"`,
    );
  }

  if (problems.length > 0) throw new Error(`Invalid sandbox settings:\n- ${problems.join('\n- ')}`);
  return {
    seed,
    now,
    companies,
    clockRate,
    apiKey: env.SANDBOX_API_KEY || DEFAULTS.apiKey,
    publicUrl,
    dataset: dataset as SandboxDataset,
    contract: contract as SandboxContract,
    plan: plan as SandboxPlan,
  };
}
