// Every portal route, as a request about a subject user: whose e-mail, id or organisation it names.
import { API_PATHS, type WarehouseUser } from '@payportal/shared/identity';

export interface CatalogueRequest {
  method: 'GET' | 'PUT' | 'POST';
  url: string;
  payload?: object;
}

export interface CatalogueRoute {
  name: string;
  /** Changes data: revocation checked, refused under read-only impersonation. */
  write: boolean;
  /** Names the subject (path, query or body id/e-mail); false for routes about the caller alone. */
  namesSubject: boolean;
  request(subject: WarehouseUser): CatalogueRequest;
}

export const PORTAL_ROUTES: CatalogueRoute[] = [
  {
    name: 'POST authenticate',
    write: true,
    namesSubject: false,
    request: () => ({ method: 'POST', url: API_PATHS.authenticate }),
  },
  {
    name: 'GET user?email',
    write: false,
    namesSubject: true,
    request: (subject) => ({ method: 'GET', url: `${API_PATHS.users}?email=${encodeURIComponent(subject.email)}` }),
  },
  {
    name: 'PUT user/{id}',
    write: true,
    namesSubject: true,
    request: (subject) => ({
      method: 'PUT',
      url: API_PATHS.user(subject.id),
      payload: { ...subject, name: 'Changed By Matrix' },
    }),
  },
  {
    name: 'GET termsandconditions?user_id',
    write: false,
    namesSubject: true,
    request: (subject) => ({ method: 'GET', url: `${API_PATHS.terms}?user_id=${subject.id}` }),
  },
  {
    name: 'POST termsandconditions',
    write: true,
    namesSubject: true,
    request: (subject) => ({
      method: 'POST',
      url: API_PATHS.terms,
      payload: { user_id: subject.id, product_id: 7, acceptance_status: true },
    }),
  },
  {
    name: 'GET user-role?user_id',
    write: false,
    namesSubject: true,
    request: (subject) => ({ method: 'GET', url: `${API_PATHS.userRoles}?user_id=${subject.id}` }),
  },
  { name: 'GET role', write: false, namesSubject: false, request: () => ({ method: 'GET', url: API_PATHS.roles }) },
  {
    name: 'GET organization/{id}',
    write: false,
    namesSubject: true,
    request: (subject) => ({ method: 'GET', url: API_PATHS.organization(subject.org_id) }),
  },
];
