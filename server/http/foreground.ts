/**
 * Visitors first: the requests being answered now, so that background work (the pictures of a new
 * listing set) goes on in the quiet moments between them instead of holding the event loop while
 * a visitor waits for a search or a page.
 */
export class Foreground {
  private inFlight = 0;
  private lastEnd = 0;

  /** A request starts being answered (server/log/request-log.ts counts every request from its start to its answer). */
  begin(): void {
    this.inFlight++;
  }

  /** …and is answered (or failed). */
  end(): void {
    this.inFlight--;
    this.lastEnd = performance.now();
  }

  /**
   * Resolves once no request is being answered and none ended in the last `quietMs`, or after
   * `maxWaitMs` at the latest: a site busy without pause still gets its background work done,
   * a step at a time.
   */
  async quiet(quietMs = 15, maxWaitMs = 250): Promise<void> {
    const until = performance.now() + maxWaitMs;
    while (performance.now() < until && (this.inFlight > 0 || performance.now() - this.lastEnd < quietMs)) {
      await new Promise((resolve) => setTimeout(resolve, quietMs));
    }
  }

  get busy(): boolean {
    return this.inFlight > 0;
  }
}
