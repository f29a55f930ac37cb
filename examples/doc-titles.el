;; The title of every Markdown file under docs/, read in parallel.
;;
;;   toolcall run examples/doc-titles.el

(defun title-of (text)
  ;; Read numbers its lines: "1<TAB># Title".
  (string-trim (cadr (split-string (car (split-string text "\n" t)) "\t")) "[# ]+"))

(let* ((paths (split-string (Glob :pattern "docs/**/*.md") "\n" t))
       ;; A parallel-map body is one direct tool call; the computing happens afterwards.
       (texts (parallel-map (lambda (path) (Read :file_path path :limit 1)) paths))
       (rows nil))
  (dotimes (i (length paths))
    (push (format "%-14s %s" (file-name-nondirectory (nth i paths)) (title-of (nth i texts)))
          rows))
  (string-join (sort rows) "\n"))
