;; Where are the TODO and FIXME comments? The five files with the most, with their counts.
;;
;;   toolcall run examples/todo-report.el

(let* ((found (Grep :pattern "TODO|FIXME" :output_mode "count" :head_limit 0))
       (rows nil))
  (if (string-prefix-p "No matches" found)
      "No TODO or FIXME comments."
    (dolist (line (split-string found "\n" t))
      (let ((parts (split-string line ":")))
        ;; Sort by count: pad it so the string sort is numeric.
        (push (format "%6d  %s" (string-to-number (car (last parts))) (car parts)) rows)))
    (string-join (take 5 (reverse (sort rows))) "\n")))
