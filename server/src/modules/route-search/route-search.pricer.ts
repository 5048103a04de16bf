import { quoteInput } from '@aircargo/contract/tariffs';
import type { QuoteService } from '../tariffs/tariffs.quote';
import type { RoutePricer } from './route-search.service';

const fixed = (n: number, digits: number) => String(Math.round(n * 10 ** digits) / 10 ** digits);

/**
 * Prices a route with the rating engine of the tariffs module (decision 015) for the caller's company: the issuing
 * (first) carrier's tariffs from origin to destination through the transit airports, on the first flight's date. A
 * quote that finds no tariff (or no agreement showing prices) is "no tariff": null.
 */
export class TariffPricer implements RoutePricer {
  constructor(private readonly quotes: QuoteService) {}

  async price(input: Parameters<RoutePricer['price']>[0]): Promise<{ amount: string; currency: string } | null> {
    const { route } = input;
    const parsed = quoteInput.safeParse({
      carrier: route.legs[0]!.carrier,
      origin: route.origin,
      destination: route.destination,
      via: route.transitAirports,
      date: input.date,
      pieces: input.pieces,
      weight: fixed(input.weight, 3),
      volume: fixed(input.volume, 6),
      shcs: input.shcs.slice(0, 20),
      ...(input.auth.companyType === 'forwarder' ? {} : { company_id: input.forwarderId }),
    });
    if (!parsed.success) return null;
    const quote = await this.quotes.quote(input.auth, parsed.data);
    if (!quote.ok) return null;
    const total = quote.totals[0];
    return total ? { amount: total.total, currency: total.currency } : null;
  }
}
