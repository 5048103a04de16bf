import { waybillLifecycleApi as api, voidRequestsApi } from '@aircargo/contract/waybill-lifecycle';
import { type Module, route } from '../../platform/http';
import { WaybillLifecycleService } from './waybill-lifecycle.service';

export const waybillLifecycleRoutes: Module = (app, { db, clock }) => {
  const service = new WaybillLifecycleService(db, clock);
  route(app, api.issue, ({ auth, params }) => service.issue(auth, params.id));
  route(app, api.cancelIssue, ({ auth, params }) => service.cancelIssue(auth, params.id));
  route(app, api.verify, ({ auth, params }) => service.verify(auth, params.id));
  route(app, api.cancelVerify, ({ auth, params }) => service.cancelVerify(auth, params.id));
  route(app, api.verificationDifference, ({ auth, params }) => service.verificationDifference(auth, params.id));
  route(app, api.void, ({ auth, params, body }) => service.void(auth, params.id, body));
  route(app, api.voidPayment, ({ auth, params, body }) => service.voidPayment(auth, params.id, body));
  route(app, api.cancelVoid, ({ auth, params, body }) => service.cancelVoid(auth, params.id, body));
  route(app, api.deliver, ({ auth, params }) => service.deliver(auth, params.id));
  route(app, api.alerts, ({ auth, params }) => service.alerts(auth, params.id));
  route(app, api.dismissAlert, ({ auth, params }) => service.dismissAlert(auth, params.id, params.alert_id));
  route(app, voidRequestsApi.list, ({ auth, query }) => service.listRequests(auth, query));
  route(app, voidRequestsApi.ofWaybill, ({ auth, params }) => service.requestsOf(auth, params.id));
  route(app, voidRequestsApi.create, ({ auth, params, body }) => service.createRequest(auth, params.id, body));
  route(app, voidRequestsApi.cancel, ({ auth, params }) => service.cancelRequest(auth, params.id));
  route(app, voidRequestsApi.resolve, ({ auth, params, body }) => service.resolveRequest(auth, params.id, body));
};
