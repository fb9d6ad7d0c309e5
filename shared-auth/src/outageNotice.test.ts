import { parseOutageNotice } from './outageNotice';

describe('parseOutageNotice', () => {
  it('reads the JSON value of the flag', () => {
    expect(parseOutageNotice('{"severity":"error","text":"Payments are down"}')).toEqual({
      severity: 'error',
      text: 'Payments are down',
    });
    expect(parseOutageNotice({ severity: 'info', text: ' Maintenance ' })).toEqual({
      severity: 'info',
      text: 'Maintenance',
    });
  });

  it('treats an unknown severity as info and plain text as an info notice', () => {
    expect(parseOutageNotice('{"severity":"panic","text":"x"}')).toEqual({
      severity: 'info',
      text: 'x',
    });
    expect(parseOutageNotice('Sync is slow today')).toEqual({
      severity: 'info',
      text: 'Sync is slow today',
    });
  });

  it.each([null, undefined, '', '   ', '{"severity":"error"}', '{"text":42}', 17, '[]'])(
    'shows nothing for %p',
    (value) => {
      expect(parseOutageNotice(value)).toBeNull();
    },
  );
});
