import { Redirect, Route, Switch } from 'wouter';
import { useSnapshot } from 'valtio';
import { FramedScreen } from '../features/embedding/FramedScreen.tsx';
import { session } from '../features/session/sessionStore.ts';
import { paths } from './paths.ts';
import { routeTable, type RouteRow } from './routeTable.tsx';

// Until the guards of spec §6 land (issue #5), every guarded route asks for a signed-in user.
function Guarded({ row, params }: { row: RouteRow; params: Record<string, string | undefined> }) {
  const { current } = useSnapshot(session);
  if (row.access !== 'standaloneOnly' && current.status !== 'signedIn') return <Redirect to={paths.auth()} replace />;
  const Screen = row.screen;
  return <Screen {...params} />;
}

export function App({ framed }: { framed: boolean }) {
  if (framed) return <FramedScreen />;
  return (
    <Switch>
      {routeTable.map((row) => (
        <Route key={row.path} path={row.path}>
          {(params) => <Guarded row={row} params={params} />}
        </Route>
      ))}
      {/* spec §2: /reports and old /report… paths move to /dashboard…; anything else goes home. */}
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
