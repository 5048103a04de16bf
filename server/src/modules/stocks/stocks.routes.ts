import { XLSX_CONTENT_TYPE } from '@aircargo/contract/flights';
import { stocksApi as api, stockPrefixesApi } from '@aircargo/contract/stocks';
import { type Module, route } from '../../platform/http';
import { rangesCsv } from './stocks.presenter';
import { StocksService } from './stocks.service';
import { rangesXlsx } from './stocks.xlsx';

export const stocksRoutes: Module = (app, { db, clock }) => {
  const service = new StocksService(db, clock);
  route(app, api.list, ({ auth, query }) => service.list(auth, query));
  route(app, api.ranges, ({ auth, query }) => service.ranges(auth, query));
  route(app, api.rangesCsv, async ({ auth, query, reply }) =>
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="stocks.csv"')
      .send(rangesCsv(await service.exportRanges(auth, query))),
  );
  route(app, api.rangesXlsx, async ({ auth, query, reply }) =>
    reply
      .header('content-type', XLSX_CONTENT_TYPE)
      .header('content-disposition', 'attachment; filename="stocks.xlsx"')
      .send(await rangesXlsx(await service.exportRanges(auth, query))),
  );
  route(app, api.assign, ({ auth, body }) => service.assign(auth, body));
  route(app, api.withdraw, ({ auth, body }) => service.withdraw(auth, body));
  route(app, stockPrefixesApi.list, ({ auth }) => service.prefixes(auth));
  route(app, stockPrefixesApi.create, ({ auth, body }) => service.createPrefix(auth, body));
  route(app, stockPrefixesApi.update, ({ auth, params, body }) => service.updatePrefix(auth, params.id, body));
};
