extension PreviewPage {
    /// The page's CSS. Sizes are points on a 390-point-wide iPhone screen, one CSS pixel each;
    /// docs/preview-picture.md says where each number comes from.
    static let style = """
        :root { font-family: -apple-system, "SF Pro Text", system-ui, "Helvetica Neue", Arial, sans-serif, "Apple Color Emoji", "Noto Color Emoji", "Segoe UI Emoji"; }
        body { margin: 0; padding: 24px; background: #f4f4f6; color: #1c1c1e; }
        header h1 { font-size: 20px; margin: 0 0 4px; }
        header p { margin: 0 0 16px; color: #555; }
        .appearance { margin-bottom: 20px; }
        .appearance h2, .details h2, .notes h2 { font-size: 15px; margin: 0 0 8px; }
        .pair { display: flex; gap: 20px; flex-wrap: wrap; }
        figure { margin: 0; }
        figcaption { font-size: 13px; color: #555; margin-bottom: 6px; }
        .screen { width: 390px; box-sizing: border-box; padding: 16px; border-radius: 12px; min-height: 120px; }
        .light .screen { background: linear-gradient(160deg, #9ec9f5 0%, #c9b6ef 55%, #f3c6d8 100%); --fg: #000; --fg2: rgba(60,60,67,0.6); --platter: rgba(246,246,246,0.72); --placeholder: #8e8e93; }
        .dark .screen { background: linear-gradient(160deg, #0d1b2a 0%, #1b263b 50%, #3a2e4f 100%); --fg: #fff; --fg2: rgba(235,235,245,0.6); --platter: rgba(44,44,46,0.68); --placeholder: #636366; }
        .card { position: relative; display: flex; align-items: center; gap: 10px; padding: 12px 14px; border-radius: 22px;
          background: var(--platter); backdrop-filter: blur(30px) saturate(1.8); -webkit-backdrop-filter: blur(30px) saturate(1.8);
          box-shadow: 0 4px 12px rgba(0,0,0,0.12); color: var(--fg); }
        .leading { position: relative; flex: none; width: 38px; height: 38px; }
        .app-icon, .avatar { width: 38px; height: 38px; display: block; object-fit: cover; }
        .app-icon { border-radius: 9px; }
        .avatar { border-radius: 50%; }
        .initials { display: flex; align-items: center; justify-content: center; overflow: hidden; color: #fff;
          font-weight: 600; font-size: 17px; line-height: 1; white-space: nowrap; }
        .initials.two { font-size: 14px; }
        .avatar.placeholder { display: flex; align-items: center; justify-content: center; background: var(--placeholder); color: #fff; font-size: 9px; }
        .badge { position: absolute; right: -4px; bottom: -4px; width: 16px; height: 16px; border-radius: 4px; object-fit: cover;
          box-shadow: 0 0 0 1.5px var(--platter); }
        .placeholder-icon { display: flex; align-items: center; justify-content: center; background: var(--placeholder); color: #fff;
          font-weight: 600; font-size: 17px; }
        .badge.placeholder-icon { font-size: 9px; }
        .text { flex: 1; min-width: 0; font-size: 15px; line-height: 20px; }
        .first { display: flex; align-items: baseline; gap: 8px; }
        .title { flex: 1; min-width: 0; font-weight: 600; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
        .time { flex: none; font-size: 13px; color: var(--fg2); }
        .secondary { font-weight: 400; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
        .body { white-space: pre-line; overflow-wrap: anywhere; display: -webkit-box; -webkit-box-orient: vertical; -webkit-line-clamp: 4; overflow: hidden; }
        .thumbnail { flex: none; width: 38px; height: 38px; border-radius: 8px; object-fit: cover; align-self: center; }
        .thumbnail.placeholder { display: flex; align-items: center; justify-content: center; background: var(--placeholder); color: #fff; font-size: 9px; }
        .nothing { margin: 0; padding: 12px 14px; border-radius: 22px; background: var(--platter); color: var(--fg2); font-size: 14px; }
        .details, .notes { max-width: 800px; font-size: 14px; line-height: 1.45; }
        .details ul { padding-left: 20px; margin: 0 0 16px; }
        .details code { font-size: 12px; background: #e5e5ea; padding: 1px 4px; border-radius: 4px; }
        .lint .error strong { color: #c0392b; }
        .lint .warning strong { color: #b9770e; }
        .notes p { color: #444; }
        """
}
