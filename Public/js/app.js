// OpenMarket Web — progressive enhancement only. Every feature here has a
// plain-HTML fallback (links, forms, POST → redirect → GET), so each init
// checks for its elements and quietly does nothing when they are missing.
(() => {
  'use strict';

  const en = (document.documentElement.lang || '').toLowerCase().startsWith('en');
  const T = en ? {
    remove: 'Remove',
    tooMany: (max, n) => `You can add up to ${max} photos. ${n} not added.`,
    notImage: (name) => `${name} is not an image and was not added.`,
    duplicate: (name) => `${name} is already chosen.`,
    removed: (name) => `Removed ${name}.`,
    resizing: 'Making large photos smaller…',
  } : {
    remove: '삭제',
    tooMany: (max, n) => `사진은 최대 ${max}장까지 올릴 수 있습니다. ${n}장은 추가하지 않았습니다.`,
    notImage: (name) => `${name}: 이미지 파일이 아니라서 추가하지 않았습니다.`,
    duplicate: (name) => `${name}: 이미 고른 사진입니다.`,
    removed: (name) => `${name} 사진을 뺐습니다.`,
    resizing: '큰 사진의 크기를 줄이는 중입니다…',
  };

  const el = (tag, className) => {
    const node = document.createElement(tag);
    if (className) node.className = className;
    return node;
  };
  // Let the browser handle new-tab / new-window / download clicks itself.
  const isPlainClick = (e) => e.button === 0 && !e.defaultPrevented &&
    !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey;
  const closestFromEvent = (e, selector) =>
    (e.target instanceof Element ? e.target.closest(selector) : null);

  // ---------------------------------------------------------------- c. unsaved changes
  const dirtyForms = new Set();
  const onBeforeUnload = (e) => { e.preventDefault(); e.returnValue = ''; };
  // The beforeunload listener only exists while something is dirty: an
  // unconditional one keeps some browsers from using the back/forward cache.
  const setDirty = (form, dirty) => {
    if (!form || !form.hasAttribute('data-warn-unsaved')) return;
    if (dirty) dirtyForms.add(form); else dirtyForms.delete(form);
    if (dirtyForms.size) window.addEventListener('beforeunload', onBeforeUnload);
    else window.removeEventListener('beforeunload', onBeforeUnload);
  };

  function initUnsaved() {
    const forms = document.querySelectorAll('form[data-warn-unsaved]');
    if (!forms.length) return;
    const track = (e) => {
      const t = e.target;
      if (t instanceof Element) setDirty(t.form || t.closest('form'), true);
    };
    document.addEventListener('input', track);
    document.addEventListener('change', track);
    // Bubble phase on document runs after the form's own listeners, so a
    // submit they cancel (photo resizing) leaves the form dirty.
    document.addEventListener('submit', (e) => {
      if (!e.defaultPrevented && e.target instanceof HTMLFormElement) setDirty(e.target, false);
    });
    // A form re-rendered after a validation error holds input not yet saved.
    forms.forEach((f) => { if (f.querySelector('[aria-invalid="true"]')) setDirty(f, true); });
  }

  // ---------------------------------------------------------------- a + b. photo picker
  function supportsFileSync() {
    try {
      const dt = new DataTransfer(); // not constructible in old Safari
      dt.items.add(new File(['x'], 'x.txt', { type: 'text/plain' }));
      return dt.files.length === 1 && typeof URL.createObjectURL === 'function';
    } catch { return false; }
  }

  const jpgName = (name) => (name.replace(/\.[^./\\]*$/, '') || 'photo') + '.jpg';
  const toBlob = (canvas, q) => new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', q));

  async function decode(file) {
    if (typeof createImageBitmap === 'function') {
      try { return await createImageBitmap(file); } catch { /* fall back to <img>, which decodes more formats in some browsers */ }
    }
    const url = URL.createObjectURL(file);
    try {
      const img = new Image();
      img.src = url;
      await img.decode();
      return img;
    } finally { URL.revokeObjectURL(url); }
  }

  async function shrink(file, maxBytes) {
    const src = await decode(file);
    try {
      const w = src.naturalWidth || src.width;
      const h = src.naturalHeight || src.height;
      if (!w || !h) throw new Error('image has no size');
      const canvas = el('canvas');
      const ctx = canvas.getContext('2d');
      if (!ctx) throw new Error('no 2d canvas');
      for (let side = Math.min(1600, Math.max(w, h)); side >= 320; side = Math.floor(side * 0.8)) {
        const scale = side / Math.max(w, h);
        canvas.width = Math.max(1, Math.round(w * scale));
        canvas.height = Math.max(1, Math.round(h * scale));
        // JPEG has no alpha: paint white first or transparent areas turn black.
        ctx.fillStyle = '#fff';
        ctx.fillRect(0, 0, canvas.width, canvas.height);
        ctx.imageSmoothingQuality = 'high';
        ctx.drawImage(src, 0, 0, canvas.width, canvas.height);
        for (const q of [0.85, 0.75, 0.65, 0.5]) {
          const blob = await toBlob(canvas, q);
          if (blob && blob.size <= maxBytes) {
            return new File([blob], jpgName(file.name), { type: 'image/jpeg', lastModified: Date.now() });
          }
        }
      }
      throw new Error('could not fit the size limit');
    } finally {
      if (typeof src.close === 'function') src.close();
    }
  }

  function initPhotos() {
    const input = document.querySelector('form.product-form input[type="file"][name="images"]');
    if (!input || !supportsFileSync()) return;
    const form = input.closest('form.product-form');
    const maxFiles = parseInt(input.dataset.maxFiles, 10) || 5;
    const maxBytes = parseInt(input.dataset.maxBytes, 10) || 307200;
    const previews = document.getElementById('photo-previews');
    const counter = document.getElementById('photo-counter');
    const list = !previews ? null
      : /^(UL|OL)$/.test(previews.tagName) ? previews : previews.appendChild(el('ul', 'photo-preview-list'));
    // Messages go in their own status element: #photo-previews is a list.
    let status = document.getElementById('photo-status');
    if (!status) {
      status = el('p', 'photo-status field-hint');
      status.id = 'photo-status';
      status.setAttribute('role', 'status');
      (previews || input).after(status);
    }
    const say = (msg) => { status.textContent = msg; };
    // The previews and the counter say what was chosen; the page's own note is for browsers without this script.
    const note = form.querySelector('.photo-chosen-note');
    if (note) note.remove();

    // Photos the server kept from the last try count towards the five, unless ticked "remove".
    const keptBoxes = Array.from(form.querySelectorAll('input[type="checkbox"][name="remove_photo"]'));
    const keptCount = () => keptBoxes.filter((box) => !box.checked).length;
    const room = () => Math.max(0, maxFiles - keptCount());

    let chosen = []; // entries: { file, url, li }
    const key = (f) => `${f.name}|${f.size}|${f.lastModified}`;

    const sync = () => {
      const dt = new DataTransfer();
      chosen.forEach((c) => dt.items.add(c.file));
      input.files = dt.files;
      if (counter) counter.textContent = `${keptCount() + chosen.length}/${maxFiles}`;
    };
    keptBoxes.forEach((box) => box.addEventListener('change', sync));

    const makeItem = (entry) => {
      const li = el('li', 'photo-preview');
      const img = el('img');
      img.src = entry.url;
      img.alt = entry.file.name;
      const btn = el('button', 'photo-remove');
      btn.type = 'button';
      const name = el('span', 'visually-hidden');
      name.textContent = ` ${entry.file.name}`;
      btn.append(T.remove, name);
      btn.addEventListener('click', () => removeEntry(entry));
      li.append(img, btn);
      return li;
    };

    const addFile = (file) => {
      const entry = { file, url: URL.createObjectURL(file), li: null };
      if (list) { entry.li = makeItem(entry); list.append(entry.li); }
      chosen.push(entry);
    };

    function removeEntry(entry) {
      const i = chosen.indexOf(entry);
      if (i < 0) return;
      URL.revokeObjectURL(entry.url);
      if (entry.li) entry.li.remove();
      chosen.splice(i, 1);
      sync();
      say(T.removed(entry.file.name));
      setDirty(form, true);
      // Keep keyboard focus nearby instead of dropping it on <body>.
      const next = chosen[i] || chosen[i - 1];
      const target = next && next.li ? next.li.querySelector('.photo-remove') : input;
      target.focus();
    }

    const replaceFile = (entry, file) => {
      if (!chosen.includes(entry)) return;
      URL.revokeObjectURL(entry.url);
      entry.file = file;
      entry.url = URL.createObjectURL(file);
      if (entry.li) { const li = makeItem(entry); entry.li.replaceWith(li); entry.li = li; }
    };

    const take = (files) => {
      const known = new Set(chosen.map((c) => key(c.file)));
      const msgs = [];
      let refused = 0;
      for (const f of files) {
        if (known.has(key(f))) { msgs.push(T.duplicate(f.name)); continue; }
        if (f.type && !f.type.startsWith('image/')) { msgs.push(T.notImage(f.name)); continue; }
        if (chosen.length >= room()) { refused += 1; continue; }
        addFile(f);
        known.add(key(f));
      }
      if (refused) msgs.push(T.tooMany(maxFiles, refused));
      sync(); // the input now holds only the new pick; put the whole list back
      say(msgs.join(' '));
    };

    take(Array.from(input.files || [])); // files a browser may have restored
    say('');
    input.addEventListener('change', () => take(Array.from(input.files || [])));
    form.addEventListener('reset', () => {
      chosen.forEach((c) => { URL.revokeObjectURL(c.url); if (c.li) c.li.remove(); });
      chosen = [];
      setTimeout(sync); // after the browser has cleared the fields
    });

    let resizing = false;
    let bypass = false;
    form.addEventListener('submit', async (e) => {
      if (bypass) return;
      const big = chosen.filter((c) => c.file.size > maxBytes);
      if (!big.length) return;
      e.preventDefault();
      if (resizing) return;
      resizing = true;
      form.setAttribute('aria-busy', 'true');
      say(T.resizing);
      for (const entry of big) {
        try { replaceFile(entry, await shrink(entry.file, maxBytes)); } catch { /* send the original; the server explains the limit */ }
      }
      sync();
      say('');
      form.removeAttribute('aria-busy');
      resizing = false;
      bypass = true; // the submit event fires synchronously inside requestSubmit
      try {
        const submitter = e.submitter && e.submitter.form === form ? e.submitter : undefined;
        if (typeof form.requestSubmit === 'function') {
          try { form.requestSubmit(submitter); return; } catch { /* fall through */ }
        }
        setDirty(form, false); // form.submit() fires no submit event
        HTMLFormElement.prototype.submit.call(form); // a control named "submit" would shadow form.submit
      } finally { bypass = false; }
    });
  }

  // ---------------------------------------------------------------- d. load more in place
  function initLoadMore() {
    if (!document.getElementById('products') || !window.fetch || !window.DOMParser) return;
    let busy = false;
    // One paging pattern per list: "더 보기" where the script can load more in place, the page numbers otherwise.
    document.documentElement.classList.add('loads-more');
    const onePattern = () => {
      const nav = document.querySelector('nav.pagination');
      if (nav) nav.hidden = !!document.querySelector('a.load-more');
    };
    onePattern();

    const swap = (current, incoming) => {
      if (!current) return;
      if (incoming) current.replaceWith(document.adoptNode(incoming));
      else current.remove();
    };

    document.addEventListener('click', async (e) => {
      const link = closestFromEvent(e, 'a.load-more');
      if (!link || !isPlainClick(e)) return;
      const list = document.getElementById('products');
      const url = new URL(link.href, location.href);
      if (!list || url.origin !== location.origin) return;
      e.preventDefault();
      if (busy) return;
      busy = true;
      list.setAttribute('aria-busy', 'true');
      try {
        const res = await fetch(url.href, { headers: { Accept: 'text/html' }, credentials: 'same-origin' });
        if (!res.ok) throw new Error(`HTTP ${res.status}`);
        const doc = new DOMParser().parseFromString(await res.text(), 'text/html');
        const incoming = doc.getElementById('products');
        if (!incoming) throw new Error('no #products in response');

        // Look everything up before moving nodes out of the fetched document.
        const newNav = doc.querySelector('nav.pagination');
        const newMore = doc.querySelector('a.load-more');
        const newRange = doc.querySelector('.result-range');
        const items = Array.from(incoming.children).filter((li) => li.tagName === 'LI');

        const added = [];
        for (const li of items) {
          // Pages shift when products are added meanwhile; skip ones already shown.
          if (li.id && document.getElementById(li.id)) continue;
          added.push(list.appendChild(document.adoptNode(li)));
        }
        const oldNav = document.querySelector('nav.pagination');
        const oldMore = document.querySelector('a.load-more');
        if (!(oldNav && oldMore && oldNav.contains(oldMore))) swap(oldMore, newMore);
        swap(oldNav, newNav);
        onePattern();
        const range = document.querySelector('.result-range');
        if (range && newRange) range.textContent = newRange.textContent;
        if (doc.title) document.title = doc.title;

        const finalURL = res.url && new URL(res.url).origin === location.origin ? res.url : url.href;
        history.replaceState(null, '', finalURL);
        const first = added.length ? added[0].querySelector('a') : null;
        if (first) first.focus();
      } catch {
        location.href = url.href; // plain navigation always works
      } finally {
        busy = false;
        list.removeAttribute('aria-busy');
      }
    });
  }

  // ---------------------------------------------------------------- e. gallery
  // Without script the thumbnails and the previous/next arrows are links to ?photo=N#gallery. With it they
  // change the photo in place, and so do the arrow keys and a swipe on the photo.
  function initGallery() {
    const gallery = document.querySelector('section.gallery');
    const main = gallery && gallery.querySelector('figure.gallery-main');
    const img = main && main.querySelector('img');
    if (!img) return;
    const mainLink = main.querySelector('a.gallery-photo') || main.querySelector('a');
    const caption = main.querySelector('figcaption a');
    const counter = main.querySelector('.gallery-counter');
    const previous = main.querySelector('a.gallery-previous');
    const next = main.querySelector('a.gallery-next');
    const thumbs = Array.from(gallery.querySelectorAll('.gallery-thumbs a[data-photo-index]'));
    if (!thumbs.length) return;
    const pair = /(\d+)(\s*\/\s*)(\d+)/; // "2 / 5"
    let current = Math.max(0, thumbs.findIndex((t) => t.getAttribute('aria-current') === 'true'));

    const show = (index) => {
      const count = thumbs.length;
      const position = ((index % count) + count) % count;
      const a = thumbs[position];
      if (!a.dataset.src) return;
      current = position;
      // The server's <source> and srcset describe the photo it showed; the chosen one is its display image.
      main.querySelectorAll('picture source').forEach((source) => source.remove());
      img.removeAttribute('srcset');
      img.removeAttribute('sizes');
      img.src = a.dataset.src;
      if (a.dataset.width && a.dataset.height) { img.width = +a.dataset.width; img.height = +a.dataset.height; }
      img.alt = a.dataset.alt || img.alt.replace(pair, (m, n, sep, total) => `${position + 1}${sep}${total}`);
      if (a.dataset.full) {
        if (mainLink) mainLink.href = a.dataset.full;
        if (caption) caption.href = a.dataset.full;
      }
      if (counter) counter.textContent = counter.textContent.replace(pair, (m, n, sep, total) => `${position + 1}${sep}${total}`);
      if (previous) previous.href = thumbs[(position - 1 + count) % count].href;
      if (next) next.href = thumbs[(position + 1) % count].href;
      thumbs.forEach((t) => {
        if (t === a) t.setAttribute('aria-current', 'true'); else t.removeAttribute('aria-current');
      });
      history.replaceState(null, '', a.href);
    };

    gallery.addEventListener('click', (e) => {
      if (!isPlainClick(e)) return;
      const thumb = closestFromEvent(e, '.gallery-thumbs a[data-photo-index]');
      const step = closestFromEvent(e, 'a.gallery-previous, a.gallery-next');
      if (!thumb && !step) return;
      e.preventDefault();
      if (thumb) show(thumbs.indexOf(thumb));
      else show(current + (step === next ? 1 : -1));
    });

    // Arrow keys, unless someone is typing or a key combination means something else.
    document.addEventListener('keydown', (e) => {
      if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
      if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
      const t = e.target;
      if (t instanceof Element && t.closest('input, textarea, select, [contenteditable]')) return;
      e.preventDefault();
      show(current + (e.key === 'ArrowRight' ? 1 : -1));
    });

    // A horizontal swipe on the photo; a mostly vertical one is left to scrolling.
    const stage = main.querySelector('.gallery-stage') || main;
    let startX = null;
    let startY = null;
    stage.addEventListener('touchstart', (e) => {
      if (e.touches.length !== 1) { startX = null; return; }
      startX = e.touches[0].clientX;
      startY = e.touches[0].clientY;
    }, { passive: true });
    stage.addEventListener('touchend', (e) => {
      if (startX === null || !e.changedTouches.length) return;
      const dx = e.changedTouches[0].clientX - startX;
      const dy = e.changedTouches[0].clientY - startY;
      startX = null;
      if (Math.abs(dx) < 40 || Math.abs(dx) < Math.abs(dy) * 1.5) return;
      show(current + (dx < 0 ? 1 : -1));
    });
  }

  // ---------------------------------------------------------------- f. like (찜) in place
  // The form works on its own (POST → redirect → back to the product); here it is sent with fetch and the
  // server answers the new state as JSON, so the page stays where it is and the button keeps the focus.
  function initLikes() {
    if (!window.fetch || !window.URLSearchParams) return;
    document.addEventListener('submit', async (e) => {
      const form = e.target instanceof HTMLFormElement && e.target.classList.contains('like-form') ? e.target : null;
      if (!form || e.defaultPrevented) return;
      e.preventDefault();
      if (form.getAttribute('aria-busy') === 'true') return;
      const button = form.querySelector('.like-button');
      const wanted = form.querySelector('input[name="liked"]');
      form.setAttribute('aria-busy', 'true');
      try {
        const res = await fetch(form.action, {
          method: 'POST',
          body: new URLSearchParams(new FormData(form)),
          headers: { Accept: 'application/json' },
          credentials: 'same-origin',
        });
        const type = res.headers.get('Content-Type') || '';
        if (!res.ok || !type.startsWith('application/json')) throw new Error(`HTTP ${res.status}`);
        const state = await res.json();
        if (wanted) wanted.value = state.liked ? '0' : '1';
        // The form's own button and any elsewhere that sends it (the phone's bottom bar, form="…").
        const buttons = [button, ...document.querySelectorAll(`button[form="${form.id}"]`)].filter(Boolean);
        for (const b of buttons) {
          b.setAttribute('aria-pressed', state.liked ? 'true' : 'false');
          const icon = b.querySelector('.like-icon');
          if (icon) icon.textContent = state.liked ? '♥' : '♡';
          const label = b.querySelector('.like-label');
          if (label && state.label) label.textContent = state.label;
          const tally = b.querySelector('.like-tally');
          if (tally && state.productLikesText) tally.textContent = state.productLikesText;
        }
        const count = form.querySelector('.like-count');
        if (count) count.textContent = state.countText;
        const status = form.querySelector('.like-status');
        if (status) status.textContent = state.message;
      } catch {
        HTMLFormElement.prototype.submit.call(form); // the plain post always works, and shows any error page
      } finally {
        form.removeAttribute('aria-busy');
      }
    });
  }

  // ---------------------------------------------------------------- g. select every row
  // The console's header checkbox: hidden without script, where each row's own box still works.
  function initSelectAll() {
    document.querySelectorAll('table input.select-all[type="checkbox"]').forEach((all) => {
      const table = all.closest('table');
      const rows = () => Array.from(table.querySelectorAll('tbody input[type="checkbox"][name="ids"]'));
      if (!rows().length) return;
      const update = () => {
        const boxes = rows();
        const ticked = boxes.filter((b) => b.checked).length;
        all.checked = ticked === boxes.length;
        all.indeterminate = ticked > 0 && ticked < boxes.length;
      };
      all.hidden = false;
      all.addEventListener('change', () => {
        rows().forEach((b) => { b.checked = all.checked; });
        update();
      });
      table.addEventListener('change', (e) => {
        if (e.target !== all) update();
      });
      update();
    });
  }

  const start = () => { initUnsaved(); initPhotos(); initLoadMore(); initGallery(); initSelectAll(); initLikes(); };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
})();
