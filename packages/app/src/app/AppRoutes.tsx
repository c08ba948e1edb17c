import { useSnapshot } from 'valtio';
import { Redirect, Route, Switch } from 'wouter';
import { session } from '../features/session/sessionStore.ts';
import { paths } from '../lib/paths.ts';
import { NotAvailableHere, RouteGate } from './RouteGate.tsx';
import { routeTable } from './routeTable.tsx';

export function AppRoutes() {
  const { framed } = useSnapshot(session);
  return (
    <Switch>
      {routeTable
        .filter((row) => !(framed && row.standaloneOnly && row.guard === 'none'))
        .map((row) => (
          <Route key={row.path} path={row.path}>
            {/* A signed-in page that opens only standalone (/profile) says so in a frame instead of sending the user home. */}
            {(params) =>
              framed && row.standaloneOnly ? (
                <NotAvailableHere reason="standalone" />
              ) : (
                <RouteGate row={row} params={params} />
              )
            }
          </Route>
        ))}
      {/* /reports and old /report… paths move to /dashboard…; anything else goes home. */}
      <Route path="/reports">
        <Redirect to={paths.dashboards()} replace />
      </Route>
      <Route path={/^\/report(?<rest>\/.*)?$/}>
        {(params: { rest?: string }) => <Redirect to={`/dashboard${params.rest ?? 's'}`} replace />}
      </Route>
      <Route>
        <Redirect to={paths.home()} replace />
      </Route>
    </Switch>
  );
}
