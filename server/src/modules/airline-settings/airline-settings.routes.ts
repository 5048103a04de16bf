import { airlineSettings, airlineSettingsQuery, airlineSettingsUpdate } from '@aircargo/contract/airline-settings';
import { authOf } from '../../platform/auth';
import type { Module } from '../../platform/http';
import { AirlineSettingsService } from './airline-settings.service';

const tags = ['airline settings'];

export const airlineSettingsRoutes: Module = (app, { db }) => {
  const service = new AirlineSettingsService(db);

  app.get(
    '/api/v3/airline_settings',
    {
      config: { permission: 'airline_settings:read' },
      schema: {
        tags,
        summary: "The caller's airline settings (the platform names the airline with company_id)",
        querystring: airlineSettingsQuery,
        response: { 200: airlineSettings },
      },
    },
    (request) => service.get(authOf(request), request.query.company_id),
  );

  app.patch(
    '/api/v3/airline_settings',
    {
      config: { permission: 'airline_settings:update' },
      schema: {
        tags,
        summary: "Update the caller's airline settings (the platform names the airline with company_id)",
        querystring: airlineSettingsQuery,
        body: airlineSettingsUpdate,
        response: { 200: airlineSettings },
      },
    },
    (request) => service.update(authOf(request), request.query.company_id, request.body),
  );
};
