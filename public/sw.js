// The site's service worker (registered when a holder turns on alerts on this device): it shows
// their Web Push alerts ({"title","body","url"}, from src/features/web-push/web-push-sender.ts) and
// opens the tiger's page on a click. It caches nothing.
self.addEventListener('push', (event) => {
  let notice = { title: 'Wild Tigers', body: '', url: '/' };
  try {
    notice = { ...notice, ...event.data.json() };
  } catch {
    // A push without a JSON body shows the default title.
  }
  event.waitUntil(self.registration.showNotification(notice.title, { body: notice.body, icon: '/apple-touch-icon.png', data: { url: notice.url } }));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL(event.notification.data?.url ?? '/', self.location.origin);
  // Only pages of this site are opened.
  event.waitUntil(self.clients.openWindow(url.origin === self.location.origin ? url.href : '/'));
});
