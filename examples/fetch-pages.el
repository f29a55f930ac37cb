;; Fetch several pages in parallel and report each one's size and first line.
;; Network calls are asked by default: answer the prompt, or allow the domains:
;;
;;   toolcall run examples/fetch-pages.el --allow 'WebFetch(domain:example.com)' \
;;     --allow 'WebFetch(domain:www.iana.org)'

(let* ((urls (list "https://example.com/" "https://www.iana.org/help/example-domains"))
       ;; A parallel-map body is one direct tool call; the computing happens afterwards.
       (pages (parallel-map (lambda (url) (WebFetch :url url)) urls))
       (rows nil))
  (dotimes (i (length urls))
    (let ((page (nth i pages)))
      (push (if (and (consp page) (eq (car page) :error))
                (format "%s  failed: %s" (nth i urls) (cadr page))
              (format "%s  %d characters  %s" (nth i urls) (length page)
                      (car (split-string page "\n" t))))
            rows)))
  (string-join (reverse rows) "\n"))
