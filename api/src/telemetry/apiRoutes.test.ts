// The API routes the telemetry names a page's calls by (issue 35): a called path to its route's
// template, or to none.
import { apiRoutesOf } from './apiRoutes';

const routes = apiRoutesOf([
  ['GET', '/listing/load'],
  ['GET', '/listing/:id'],
  ['GET', '/listing/get/:id'],
  ['POST', '/admin/user/update/:userId/:action'],
  ['GET', '/report/:type(^[a-z-]+$)/:id'],
  ['GET', '/docs/*'],
]);

describe('apiRoutesOf', () => {
  it.each([
    ['GET', '/listing/get/:id', '/listing/get/{id}'],
    ['GET', '/listing/get/4821', '/listing/get/{id}'],
    ['post', '/admin/user/update/:id/activate', '/admin/user/update/{userId}/{action}'],
    ['GET', '/report/guest-portal/:id', '/report/{type}/{id}'],
    ['GET', '/docs/static/index.css', '/docs/*'],
  ])('%s %s is a call of %s', (method, path, template) => {
    expect(routes.templateOf(method, path)).toBe(template);
  });

  it('prefers the most literal route, whatever the order they were registered in', () => {
    expect(routes.templateOf('GET', '/listing/load')).toBe('/listing/load');
    expect(routes.templateOf('GET', '/listing/elsewhere')).toBe('/listing/{id}');
  });

  it('drops the query and a trailing slash, and reads an escaped literal', () => {
    expect(routes.templateOf('GET', '/listing/load/?search=olivia%40example.com')).toBe(
      '/listing/load',
    );
    expect(routes.templateOf('GET', '/listing/%6Coad')).toBe('/listing/load');
  });

  it('names no route for a path or a method the API does not serve', () => {
    expect(routes.templateOf('DELETE', '/listing/get/:id')).toBeNull();
    expect(routes.templateOf('GET', '/listing/get/:id/extra')).toBeNull();
    expect(routes.templateOf('GET', '/account/reset/s3cr3t-t0k3n')).toBeNull();
    expect(routes.templateOf('GET', '')).toBeNull();
  });
});
