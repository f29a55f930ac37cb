;; A failed call is a value, (:error "message"), that the script can inspect and recover from.
;;
;;   toolcall run examples/safe-reads.el

(defun first-line-or-note (path)
  (let ((text (Read :file_path path :limit 1)))
    (if (and (consp text) (eq (car text) :error))
        (format "%s: unreadable (%s)" path (substring (cadr text) 0 (min 60 (length (cadr text)))))
      (format "%s: %s" path (cadr (split-string (car (split-string text "\n" t)) "\t"))))))

(string-join (mapcar 'first-line-or-note
                     (list "package.json" "no-such-file.txt" "README.md"))
             "\n")
