/**
 * The sandbox clock. It starts at SANDBOX_NOW (or the real time) and runs at SANDBOX_CLOCK_RATE
 * times real speed, so a live call can be followed in real time or, in tests, in seconds.
 */
export interface Clock {
  now(): number;
}

export class RunningClock implements Clock {
  private readonly realStart = Date.now();

  constructor(
    private readonly start: number,
    private readonly rate: number,
  ) {}

  now(): number {
    return Math.floor(this.start + (Date.now() - this.realStart) * this.rate);
  }
}

/** A clock that moves only when told to: for tests. */
export class ManualClock implements Clock {
  constructor(private time: number) {}

  now(): number {
    return this.time;
  }

  set(time: number): void {
    this.time = time;
  }

  advance(ms: number): void {
    this.time += ms;
  }
}
