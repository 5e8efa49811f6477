/**
 * The histogram every answer is counted in (http_request_duration_seconds), without prom-client's
 * Histogram on the path of each request. Its observe made a closure and a label object, validated and
 * hashed the labels into a string, and counted the bucket under its bound turned into text: about
 * 5 µs of a user details call under load (bench/RESULTS.md, "the server measured as production runs it").
 * Here a series is found through three Maps (route, method, status) and its bucket counted in an array.
 *
 * prom-client reads it as it reads its own metrics (Registry.registerMetric, then `get` and `reset`),
 * and writes the same exposition text: the same series, labels and cumulative buckets.
 */
import type { Registry } from 'prom-client';

type Labels = { route: string; method: string; status: string };

/** one line of the exposition, as prom-client's metrics give it to their registry */
interface ExportedValue {
  metricName: string;
  labels: Partial<Labels> & { le?: number | '+Inf' };
  value: number;
}

interface Series {
  labels: Labels;
  /** answers per bucket, not cumulative: counts[i] took at most bounds[i] and more than bounds[i-1] */
  counts: number[];
  sum: number;
  count: number;
}

export class RouteHistogram {
  readonly type = 'histogram' as const;
  readonly aggregator = 'sum' as const;
  private readonly byRoute = new Map<string, Map<string, Map<number, Series>>>();

  constructor(
    readonly name: string,
    readonly help: string,
    private readonly bounds: readonly number[],
    registry: Registry,
  ) {
    // prom-client's registry takes any object with a name, get() and reset() (a custom collector)
    registry.registerMetric(this as unknown as Parameters<Registry['registerMetric']>[0]);
  }

  observe(route: string, method: string, status: number, seconds: number): void {
    const series = this.series(route, method, status);
    series.sum += seconds;
    series.count += 1;
    // past the last bound it is counted in +Inf only, which is the count
    for (let i = 0; i < this.bounds.length; i++) {
      if (seconds <= this.bounds[i]!) {
        series.counts[i]! += 1;
        return;
      }
    }
  }

  get() {
    const values: ExportedValue[] = [];
    const bucket = `${this.name}_bucket`;
    for (const methods of this.byRoute.values()) {
      for (const statuses of methods.values()) {
        for (const { labels, counts, sum, count } of statuses.values()) {
          let total = 0;
          this.bounds.forEach((bound, i) => {
            total += counts[i]!;
            values.push({ metricName: bucket, labels: { le: bound, ...labels }, value: total });
          });
          values.push({ metricName: bucket, labels: { le: '+Inf', ...labels }, value: count });
          values.push({ metricName: `${this.name}_sum`, labels: { ...labels }, value: sum });
          values.push({ metricName: `${this.name}_count`, labels: { ...labels }, value: count });
        }
      }
    }
    return Promise.resolve({
      name: this.name,
      help: this.help,
      type: this.type,
      aggregator: this.aggregator,
      values,
    });
  }

  reset(): void {
    this.byRoute.clear();
  }

  private series(route: string, method: string, status: number): Series {
    let methods = this.byRoute.get(route);
    if (!methods) this.byRoute.set(route, (methods = new Map()));
    let statuses = methods.get(method);
    if (!statuses) methods.set(method, (statuses = new Map()));
    let series = statuses.get(status);
    if (!series) {
      series = {
        labels: { route, method, status: String(status) },
        counts: this.bounds.map(() => 0),
        sum: 0,
        count: 0,
      };
      statuses.set(status, series);
    }
    return series;
  }
}
